"""The Ombi simulator for the client checks: started on a free port, with the URL and key it prints."""

import subprocess


def start_simulator(sim_bin):
    """Starts `ombi-sim --port 0`; returns the process and its OMBI_URL / OMBI_API_KEY."""
    proc = subprocess.Popen([sim_bin, "--port", "0"], stdout=subprocess.PIPE, text=True)
    env = {}
    while len(env) < 2:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("ombi-sim exited before printing its URL and key")
        key, _, value = line.strip().partition("=")
        env[key] = value
    return proc, env
