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


# Ray reads this when it is imported: with it, a node started here takes the loopback address
# (127.0.0.1, which its servers then bind to alone) instead of the machine's outward address
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def _descendants(root: int) -> set[int]:
    """``root`` and every process under it (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                parents[int(entry)] = int(fields[1])
            except OSError:
                continue
    out = {root}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in out and pid not in out:
                out.add(pid)
                grew = True
    return out


def listening_addresses(pids: set[int]) -> set[str]:
    """The local addresses on which the processes ``pids`` listen for TCP connections."""
    inodes: set[str] = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with_target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if with_target.startswith("socket:["):
                    inodes.add(with_target[8:-1])
        except OSError:
            continue
    found = set()
    for name, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            with open(name) as f:
                lines = f.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            local, state, inode = parts[1], parts[3], parts[9]
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            host = local.split(":")[0]
            found.add(_address(host, width))
    return found


def _address(hex_host: str, width: int) -> str:
    raw = bytes.fromhex(hex_host)
    # /proc shows each 32-bit word in the machine's byte order (little-endian here)
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    if width == 8:
        return ".".join(str(b) for b in words)
    if words[:12] == b"\0" * 10 + b"\xff\xff":
        return "::ffff:" + ".".join(str(b) for b in words[12:])
    import ipaddress

    return str(ipaddress.IPv6Address(words))


def loopback(address: str) -> bool:
    return address.startswith(("127.", "::ffff:127.")) or address == "::1"
