"""Test-wide set-up: this folder is importable (shared_data, helpers)."""
