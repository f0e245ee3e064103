"""The one compiled part: the generator's loops (optional; Koloda runs without it, slower)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("koloda.engine._rngc", ["src/koloda/engine/_rngc.c"],
                             optional=True)])
