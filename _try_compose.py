import sys
from knowledge.kb import KnowledgeBase
from knowledge.compose import answer_duty
kb = KnowledgeBase(); voc = kb.fact_vocabulary()
from knowledge import facts as F
muni, duty = sys.argv[1], sys.argv[2]
for t in sys.argv[3:]:
    f = F.read(t, voc)
    print(">>>", t, f)
    print(answer_duty(kb, muni, duty, f, "pests").text)
    print()
