"""The rasa_sdk action server of the housing-code assistant.

Actions only adapt Rasa's tracker and dispatcher to the plain functions in ``knowledge``.
"""
