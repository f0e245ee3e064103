"""PettingZoo environments: ``duel_v0``, ``nevermore_v0``, ``gwent_v0`` (each with ``env``,
``raw_env`` and ``parallel_env``)."""
