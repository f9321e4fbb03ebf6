"""The bot worker of bugs.html: a second Python in a web worker, so the page never freezes
while a bot thinks. It only computes: a JSON request in, a JSON answer out (bugs_web.bot_service).
"""

from bugs_web.bot_service import choose_move


def choose(request: str) -> str:
    """One bot move; see bugs_web.bot_service.choose_move."""
    return choose_move(str(request))


__export__ = ["choose"]
