"""The server half of a live event (seed 001's event rules; ``docs/event-server.md``).

- :mod:`.clock` — the server's time in milliseconds, injectable for tests;
- :mod:`.store` — events, their operation logs and logins in the tables' database;
- :mod:`.roster` — the participants' CSV file;
- :mod:`.logins` — secret logins and public badge codes.
"""
