"""
A deliberately broken kopf handler: it stamps the object's status with the time of every
event it sees, and that write is itself an event, so it writes forever. The console flags it
as a hot loop naming status.lastSeen. The cure: react to changes (@kopf.on.update or
@kopf.on.field) and write only what differs.
"""
import datetime
from typing import Any

import kopf


@kopf.on.event('kopfexamples')
def stamp(patch: kopf.Patch, **_: Any) -> None:
    patch.status['lastSeen'] = datetime.datetime.now(datetime.timezone.utc).isoformat()
