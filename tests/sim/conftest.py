import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "ray: starts a local Ray instance (KOLODA_SKIP_RAY=1 skips)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("KOLODA_SKIP_RAY"):
        skip = pytest.mark.skip(reason="KOLODA_SKIP_RAY is set")
        for item in items:
            if "ray" in item.keywords:
                item.add_marker(skip)
