"""Shared helpers for the command's tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from koloda.cli import app
from tests.engine import toy  # noqa: F401  (registers the toy game)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def invoke(runner: CliRunner, *args: str, input: str | None = None,
           env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env=env or {"KOLODA_LANG": ""})


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path
