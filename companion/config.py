"""The server's fixed names and limits, which the app factory, the web layer and ``companion
serve`` share (here, not in ``companion/__init__.py``, so no module imports the package that
imports it)."""

# the serving device reaches itself by these names; `companion serve` adds the addresses it prints.
# (No IPv6 literal such as [::1]: Werkzeug's trusted-host match cannot name one, and the server
# listens on IPv4 unless told otherwise.)
LOCAL_HOSTS = ["localhost", "127.0.0.1"]
BODY_LIMIT = 1024 * 1024  # any request but an import: bodies over 1 MB are refused (413) before any parsing
IMPORT_LIMIT = 16 * 1024 * 1024  # an import (a long game's export); waitress refuses more before spooling it
# multipart's boundaries and headers around the file; waitress's limit is IMPORT_LIMIT plus this
FORM_ENVELOPE = 64 * 1024
