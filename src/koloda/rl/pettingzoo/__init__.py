"""PettingZoo environments: ``duel_v0``, ``nevermore_v0``, ``gwent_v0`` (each with ``env``,
``raw_env`` and ``parallel_env``)."""

from koloda.extras import require

for _module in ("gymnasium", "pettingzoo"):
    require(_module, extra="rl", what="the PettingZoo environments (koloda.rl.pettingzoo)")
