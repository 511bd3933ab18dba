import requests, sys
from bot.channels.sms_format import render, paginate
base=open("/tmp/who_state1/base").read().strip()
def rest(s,m): return requests.post(f"{base}/webhooks/rest/webhook", json={"sender": s, "message": m}).json()
rest("zz9","who has to get rid of mice in my rental in muskego")
msgs=rest("zz9","4 unit bldg, only 1 unit has them")
print(msgs)
r=render(msgs); print(repr(r.first)); print(paginate(r.text,2,r.first))
