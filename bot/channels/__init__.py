"""Custom Rasa input channels of the housing-code assistant."""

from __future__ import annotations

from knowledge.kb import KnowledgeBase


class UsesKnowledgeBase:
    """For a channel that reads the knowledge base itself: ``kb``, given or opened on first use."""

    def __init__(self, kb: KnowledgeBase | None = None) -> None:
        self._kb = kb

    @property
    def kb(self) -> KnowledgeBase:
        """The knowledge base (``HOUSING_KB_PATH`` or ``build/kb.sqlite``), opened on first use."""
        if self._kb is None:
            self._kb = KnowledgeBase()
        return self._kb
