"""Shared paths: the repository root (committed certificates, README, notebook)."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT
