"""What a seat may see (B33), and full states sampled to fit a view for hidden-hand search."""

from __future__ import annotations

from ..errors import BugsError
from ..rng import Rng
from .cards import DECK, KINDS, Hand, add, cards_of, hand_of
from .state import BugsState, BugsView, Phase


def player_view(state: BugsState, seat: int) -> BugsView:
    """Strip every other hand to its size, and the deal generator entirely."""
    if not 0 <= seat < state.setup.players:
        raise BugsError(f"bugs: no seat {seat} in a game of {state.setup.players}")
    return BugsView(
        seat=seat,
        setup=state.setup,
        hand_no=state.hand_no,
        dealer=state.dealer,
        direction=state.direction,
        hand=state.hands[seat],
        hand_sizes=tuple(sum(h) for h in state.hands),
        pile=state.pile,
        netted=state.netted,
        discard=state.discard,
        swarm_size=state.swarm_size,
        swarm_value=state.swarm_value,
        phase=state.phase,
        to_act=state.to_act,
        restriction=state.restriction,
        actions_this_hand=state.actions_this_hand,
        scores=state.scores,
        hand_scores=state.hand_scores,
        known=state.known,
        last_hand=state.last_hand,
    )


def unseen_cards(view: BugsView) -> Hand:
    """The cards the viewer cannot place: the deck less its own hand, the pile, the discard
    and the cards publicly known to be in other hands."""
    counts = list(DECK)
    for kind in range(KINDS):
        counts[kind] -= view.hand[kind] + view.discard[kind]
        for other, known in enumerate(view.known):
            if other != view.seat:
                counts[kind] -= known[kind]
    for p in view.pile:
        counts[p.value] -= p.count
    return tuple(counts)


def sample_state(view: BugsView, rng: Rng) -> BugsState:
    """A full state that fits `view`: the unseen cards dealt at random to the other seats,
    each first given the cards it is known to hold, and a fresh generator for future deals."""
    n = view.setup.players
    if view.phase is Phase.GAME_OVER and view.last_hand is not None:
        hands: tuple[Hand, ...] = view.last_hand.hands
    else:
        pool = cards_of(unseen_cards(view))
        rng.shuffle(pool)
        built: list[Hand] = []
        for seat in range(n):
            if seat == view.seat:
                built.append(view.hand)
                continue
            need = view.hand_sizes[seat] - sum(view.known[seat])
            drawn, pool = pool[:need], pool[need:]
            built.append(add(view.known[seat], hand_of(drawn)))
        if pool or any(sum(h) != s for h, s in zip(built, view.hand_sizes, strict=True)):
            raise BugsError("bugs: the view is inconsistent: hand sizes do not match the cards")
        hands = tuple(built)
    return BugsState(
        setup=view.setup,
        hand_no=view.hand_no,
        dealer=view.dealer,
        direction=view.direction,
        hands=hands,
        pile=view.pile,
        netted=view.netted,
        discard=view.discard,
        swarm_size=view.swarm_size,
        swarm_value=view.swarm_value,
        phase=view.phase,
        to_act=view.to_act,
        restriction=view.restriction,
        actions_this_hand=view.actions_this_hand,
        scores=view.scores,
        hand_scores=view.hand_scores,
        known=view.known,
        last_hand=view.last_hand,
        rng=rng.spawn().getstate(),
    )
