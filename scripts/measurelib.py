"""Helpers shared by the measure-* scripts."""
import os
import time


def tree_rss(pid):
    """Resident memory of a process and all its descendants, in bytes."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            pass
        stack += children.get(p, [])
    return total


def peak_tree_rss(process, interval=0.05):
    """Samples the memory of a running subprocess.Popen and its helpers until it ends."""
    peak = 0
    while process.poll() is None:
        peak = max(peak, tree_rss(process.pid))
        time.sleep(interval)
    return peak


def espeak_env(env, work):
    """`env` with a config that names eSpeak's en-us voice: an installed neural voice would
    otherwise be the default, and these scripts measure eSpeak-NG."""
    config = os.path.join(work, "espeak-config")
    os.makedirs(os.path.join(config, "speak"), exist_ok=True)
    with open(os.path.join(config, "speak", "config.toml"), "w") as f:
        f.write('voice = "en-us"\n')
    return dict(env, XDG_CONFIG_HOME=config)
