"""``make bench``: what users feel (latency, throughput, cold start), next to Rasa's starter assistant.

``python -m bench.run`` (see ``--help``) starts the assistant with the commands ``make run``
uses, sends it realistic conversations through the REST channel at several concurrencies, does
the same for the assistant ``rasa init`` creates, and writes ``bench/results.json`` and
``bench/latency.png``. Figures are compared with targets and printed as PASS/MISS; the
benchmark never fails on a figure.
"""
