"""Takes a while to import (a large dependency, say); registers nothing."""

import time

time.sleep(0.2)
