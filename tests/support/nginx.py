"""Real nginx, unprivileged, for a test: the shipped site configuration (config/nginx.conf) in front of a local port.

nginx runs as one process (`master_process off`: no workers to outlive it) in the foreground (`daemon off`), in a
process group of its own, with every file it writes (pid, logs, temporary files) under a folder of the test's. It is
stopped by `running`'s exit, on failure too, and dies with the process that started it (PR_SET_PDEATHSIG): a test
run killed outright leaves no nginx behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[2] / "config" / "nginx.conf"
INSTALL = "nginx is not installed: `sudo apt-get install nginx-light` (Debian, Ubuntu; .ci/run installs it)"
START_TIMEOUT_S = 10.0
STOP_GRACE_S = 5.0
PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a process gets when the one that started it ends."""
TEMPORARY = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
"""nginx's temporary folders: compiled into /var/lib/nginx, which an unprivileged nginx cannot write."""


def free_port() -> int:
    """A TCP port of the loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Ports:
    """Where the test's nginx listens (HTTPS, and plain HTTP that redirects), and the port it proxies to."""

    https: int
    http: int
    upstream: int


@dataclass(frozen=True)
class Proxy:
    """The test's nginx: its ports, and the certificate it presents (its own authority, for the client to trust)."""

    ports: Ports
    certificate: Path

    def client_tls(self) -> ssl.SSLContext:
        """A client's TLS context that trusts this nginx's certificate, and nothing else."""
        return ssl.create_default_context(cafile=str(self.certificate))


def site_for_test(shipped: str, ports: Ports, certificate: Path, key: Path) -> str:
    """The shipped site, changed only where a test must: its ports, the loopback only, a test certificate."""
    site = re.sub(r"listen\s+\[::\]:\d+[^;]*;", "", shipped)  # no IPv6 on every test machine
    site = re.sub(r"listen\s+443\b", f"listen 127.0.0.1:{ports.https}", site)
    site = re.sub(r"listen\s+80\b", f"listen 127.0.0.1:{ports.http}", site)
    site = re.sub(r"(ssl_certificate\s+)\S+;", rf"\g<1>{certificate};", site)
    site = re.sub(r"(ssl_certificate_key\s+)\S+;", rf"\g<1>{key};", site)
    changed = site.replace("127.0.0.1:8080", f"127.0.0.1:{ports.upstream}")
    assert changed.count(f"127.0.0.1:{ports.upstream}") == 1, "config/nginx.conf no longer proxies to 127.0.0.1:8080"
    return changed


def main_config(folder: Path, site: Path) -> str:
    """nginx.conf around the site, as Debian's includes sites-enabled/*, with every file it writes in `folder`."""
    temporary = "".join(f"    {kind}_temp_path {folder / kind};\n" for kind in TEMPORARY)
    return (
        "master_process off;\n"  # one process, which PR_SET_PDEATHSIG ends (workers would not end with it)
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    access_log {folder / 'access.log'};\n"
        f"{temporary}"
        f"    include {site};\n"
        "}\n"
    )


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with openssl (the certificate is its own authority)."""
    certificate, key = folder / "loopback.pem", folder / "loopback.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return certificate, key


PRCTL = ctypes.CDLL(None, use_errno=True).prctl
"""Looked up now: between fork and exec the child must load nothing (another thread may hold the loader's lock)."""


def die_with_parent() -> None:
    """In the child, before nginx starts: SIGKILL when the test run ends, however it ends."""
    PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)


@contextlib.contextmanager
def running(folder: Path, upstream: int) -> Iterator[Proxy]:
    """nginx serving config/nginx.conf (made fit for a test) in front of 127.0.0.1:`upstream`, until the exit."""
    nginx = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    assert nginx is not None, INSTALL
    assert shutil.which("openssl"), "openssl is not installed: `sudo apt-get install openssl`"
    for kind in TEMPORARY:
        (folder / kind).mkdir(parents=True, exist_ok=True)
    ports = Ports(free_port(), free_port(), upstream)
    certificate, key = self_signed(folder)
    site, config, errors = folder / "site.conf", folder / "nginx.conf", folder / "error.log"
    site.write_text(site_for_test(SHIPPED.read_text(), ports, certificate, key))
    config.write_text(main_config(folder, site))
    process = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(config), "-e", str(errors),
         "-g", f"daemon off; pid {folder / 'nginx.pid'}; error_log {errors};"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own group: its workers are stopped with it
        preexec_fn=die_with_parent,
    )  # fmt: skip
    try:
        listening(process, ports.https, errors)
        yield Proxy(ports, certificate)
    finally:
        stop(process)


def listening(process: subprocess.Popen[bytes], port: int, errors: Path) -> None:
    """Until nginx accepts connections on `port` (a failure to start says why, from its error log)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read().decode() if process.stderr else ""
            logged = errors.read_text() if errors.exists() else ""
            raise AssertionError(f"nginx did not start (exit {process.returncode}):\n{said}{logged}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.05)
    raise AssertionError(f"nginx did not listen on port {port} within {START_TIMEOUT_S:.0f} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to nginx's group (a fast shutdown), then SIGKILL to whatever is left of it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(STOP_GRACE_S)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
