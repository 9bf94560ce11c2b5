"""The archive's tests: games played through the service's door on SQLite and PostgreSQL
(the service tests' fixtures), the archive written into tmp_path."""

from service.conftest import new_db, pg_databases, pg_session_url, store  # noqa: F401
