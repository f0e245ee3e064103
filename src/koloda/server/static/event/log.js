// The event's log entries in words, with names instead of participant numbers.

import { cardName, clockTime, countCards, lang, nameOf, t } from "./common.js";

const PILES = {
  deck: ["deck", "колода"], discard: ["discard", "сброс"], printed: ["printed", "печать"],
  surrendered: ["handed over", "сдана"], pool: ["masters' pool", "мастерятник"],
  retired: ["out of the game", "выведена из игры"], duel: ["duel", "дуэль"],
};

function pile(p) {
  const w = PILES[p];
  return w ? w[lang === "ru" ? 1 : 0] : p;
}

function cards(obs, list) {
  return (list || []).map((c) => `${cardName(obs, c.serial)} ${c.serial}`).join(", ");
}

function n(obs, id) {
  return id === null || id === undefined ? t("masters") : nameOf(obs, id);
}

export function describe(obs, e) {
  if (!e) return "";
  switch (e.kind) {
    case "Enrolled": return t("lg_enrolled", e.name);
    case "CardsMoved": {
      const owner = e.dest !== null && e.dest !== undefined ? e.dest : e.frm;
      return t("lg_moved", n(obs, owner), countCards((e.cards || []).length), pile(e.frm_pile), pile(e.dest_pile), cards(obs, e.cards));
    }
    case "RestStarted": return t("lg_rest", n(obs, e.seat), clockTime(e.until));
    case "RestReady": return t("lg_rest_ready", n(obs, e.seat));
    case "RestEnded": return t("lg_rest_end", n(obs, e.seat), countCards(e.returned));
    case "RestCancelled": return t("lg_rest_cancel", n(obs, e.seat));
    case "Challenged": return t("lg_challenge", n(obs, e.a), n(obs, e.b));
    case "ChallengeWithdrawn": return t("lg_challenge_off", n(obs, e.by));
    case "DuelBegan": return t(e.how === "attack" ? "lg_attack" : "lg_duel", n(obs, e.a), n(obs, e.b));
    case "DuelOvertime": return t("lg_overtime");
    case "DuelRecorded": return t("lg_recorded", n(obs, e.by), n(obs, e.other));
    case "DuelFinished": return e.winner === null ? t("lg_finished_none") : t("lg_finished", n(obs, e.winner));
    case "KillSucceeded": return t("lg_kill", n(obs, e.killer), n(obs, e.victim));
    case "DuelVoided": return t("lg_void", e.reason);
    case "NearDeath": return t("lg_near_death", n(obs, e.seat), clockTime(e.until));
    case "Admitted": return t("lg_admitted", n(obs, e.seat), n(obs, e.doctor));
    case "Survived": return t("lg_saved", n(obs, e.seat));
    case "Death": return t("lg_death", n(obs, e.seat));
    case "WoundExpired": return t("lg_wound_expired", n(obs, e.seat));
    case "Noted": return t("lg_note", n(obs, e.seat), e.text);
    case "Revived": return t("lg_revived", n(obs, e.seat), e.reason);
    case "CardOwed": return t("lg_owed", n(obs, e.seat));
    case "MastersChoose": return t("lg_masters_choose", n(obs, e.seat));
    case "ExchangeOffered": return t("lg_offer", n(obs, e.a), n(obs, e.b));
    case "ExchangeAnswered": return t("lg_answer");
    case "ExchangeDone": return t("lg_exchange", n(obs, e.a), n(obs, e.b), countCards(e.n));
    case "ExchangeWithdrawn": return t("lg_exchange_off");
    case "Shown": return t("lg_shown", n(obs, e.owner), n(obs, e.seat), clockTime(e.until));
    case "ShowEnded": return t("lg_show_end", n(obs, e.owner));
    case "Corrected": return t("lg_corrected", n(obs, e.by), e.reason);
    case "TimerFired": return t(e.late ? "lg_timer_late" : "lg_timer", clockTime(e.at));
    case "EventClosed": return t("lg_closed");
    default: return t("lg_other");
  }
}
