"""`python -m bot.healthcheck URL`: probe the bot's health endpoint (bot/health.py), as the
Docker image's HEALTHCHECK does. Exit status 0 if it answers HTTP 200, 1 otherwise, with one line
saying what came back. Standard library only, so a probe every half minute starts fast.
"""

from __future__ import annotations

import sys
import urllib.error
import urllib.request


def probe(url: str, timeout: float = 4.0) -> tuple[bool, str]:
    """GET `url`: is it HTTP 200, and a line saying what came back."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status == 200, f"{url}: {answer.status} {answer.read(500).decode()}"
    except urllib.error.HTTPError as exc:
        return False, f"{url}: {exc.code} {exc.read(500).decode(errors='replace')}"
    except (urllib.error.URLError, OSError) as exc:
        return False, f"{url}: {exc}"


def main(argv: list[str]) -> int:
    """Probe the URL in `argv`: 0 if healthy, 1 if not, 2 for a wrong call."""
    if len(argv) != 1:
        print("usage: python -m bot.healthcheck http://127.0.0.1:PORT/health", file=sys.stderr)
        return 2
    healthy, said = probe(argv[0])
    print(said, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
