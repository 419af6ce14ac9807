#!/usr/bin/env python3
"""tests/data/realworld/opcodes.py, run on this folder (batch 2 of the corpus)."""
import os
import runpy

os.environ["WS_CORPUS_DIR"] = os.path.dirname(os.path.abspath(__file__))
runpy.run_path(os.path.join(os.environ["WS_CORPUS_DIR"], "..", "realworld", "opcodes.py"), run_name="__main__")
