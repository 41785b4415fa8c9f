"""The deck builder's and the decklists' bounds on what a user may write, one place each."""

from typing import Final

#: A deck's description (Markdown once published), in characters.
MAX_DESCRIPTION_CHARS: Final = 5000
#: A publication's version name ("After Nationals").
MAX_VERSION_NAME_CHARS: Final = 60
#: A comment on a decklist (Markdown), in characters.
MAX_COMMENT_CHARS: Final = 5000
#: Comments one user may post in an hour, over every decklist (a flood is refused: 429).
COMMENTS_PER_HOUR: Final = 30
#: Reports one user may file in an hour.
REPORTS_PER_HOUR: Final = 20
#: The words a report may add to its reason.
MAX_REPORT_DETAILS_CHARS: Final = 1000
#: The reason a moderator gives for unpublishing.
MAX_WITHDRAW_REASON_CHARS: Final = 200
#: Card terms one decklist search may hold (each is a subquery).
MAX_CARD_TERMS: Final = 10
