"""Runs the UCI checks (unittest) and closes with the 'N passed, N failed' line."""
import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py")
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
print(f"{result.testsRun - failed} passed, {failed} failed")
sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)
