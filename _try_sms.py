from knowledge.kb import KnowledgeBase
from knowledge.compose import answer_duty
from knowledge import facts as F
kb = KnowledgeBase(); voc = kb.fact_vocabulary()
worst = 0
for m in kb.municipalities():
    for duty in sorted({r.duty for r in kb.rules(m.key)}):
        for t in ["", "4 units only my unit", "duplex", "single family house", "6 units hallway", "vacant unit", "rooming house", "lease says tenant pays"]:
            for role in (None, "tenant", "landlord"):
                a = answer_duty(kb, m.key, duty, F.read(t, voc), "x", role)
                v = a.payload["verdict"]; c = a.payload["citations"][0]
                first = "\n".join(x for x in [v["short"], v["short_unless"] if v["kind"]!="undecided" else "To say for sure: "+(v["question"] or ""), v["short_citation"]] if x)
                if len(first) > worst: worst = len(first); print(len(first), repr(first))
