"""Custom Rasa input channels of the housing-code assistant."""
