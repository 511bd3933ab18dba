from knowledge.kb import KnowledgeBase
from knowledge.rules import decide
from knowledge import facts as F, curated
v = curated.load_vocab(); raw = F.load(); voc = F.compile_vocabulary(raw, v["facts"])
kb = KnowledgeBase()
import sys
muni, duty = sys.argv[1], sys.argv[2]
for text in sys.argv[3:]:
    facts = F.read(text, voc)
    r = decide(kb.rules(muni, duty), facts, duty, voc.exceptions, voc.ask, voc.same_as)
    print(text, facts)
    print("  ", r.kind, r.parties, r.rule and r.rule.citation, "Q:", r.question)
    for e in r.exceptions: print("    unless", e.fact, e.spec, e.parties)
    for c in r.cases: print("    case", c.spec, c.parties, c.settled)
