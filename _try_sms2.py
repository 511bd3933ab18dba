from knowledge.kb import KnowledgeBase
from knowledge.compose import answer_duty
from knowledge import facts as F
from bot.channels.sms_format import render, paginate
kb = KnowledgeBase(); voc = kb.fact_vocabulary()
a = answer_duty(kb, "muskego", "exterminate", F.read("4 unit bldg, only 1 unit has them", voc), "pests")
r = render([{"text": a.text + "\nThis is general information from the ordinance text, not legal advice.", "custom": a.payload}])
for p in paginate(r.text, 2, r.first): print(p); print("-----", len(p))
