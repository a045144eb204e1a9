# Owns the pseudo-terminal for test/helpers/terminal.ts: runs a command on the slave side of a
# new pty of COLS x ROWS, copies the master's output to stdout and stdin to the master (what a
# person types), and exits with the command's status (128 + N when killed by signal N). A SIGINT
# sent to this host is passed on to the command: a Ctrl-C that reaches it as a signal even while
# a prompt has the terminal in raw mode (where a typed Ctrl-C is a key).
# Python's pty module needs no native build of our own and no download.
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios

cols, rows, argv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    os.execvp(argv[0], argv)
signal.signal(signal.SIGINT, lambda *_: os.kill(pid, signal.SIGINT))

stdin_open = True
while True:
    readable = [master] + ([0] if stdin_open else [])
    ready, _, _ = select.select(readable, [], [])
    if 0 in ready:
        data = os.read(0, 4096)
        if data:
            os.write(master, data)
        else:
            stdin_open = False
    if master in ready:
        try:
            data = os.read(master, 65536)
        except OSError:
            data = b''
        if not data:
            break
        os.write(1, data)

_, status = os.waitpid(pid, 0)
if os.WIFSIGNALED(status):
    sys.exit(128 + os.WTERMSIG(status))
sys.exit(os.WEXITSTATUS(status))
