"""The build hook that ships the product's top-level ``templates/`` and ``static/`` in the wheel.

They stay at the top of the repo (the design card's layout); a wheel (``pip install .``, ``pipx
install``, ``pip wheel``) carries them inside the package as ``companion/templates`` and
``companion/static``, where ``create_app`` looks first. An editable install copies nothing: the
app then finds them at the top of the checkout. Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = ("templates", "static")  # top-level folders -> companion/<name> in the wheel


class BuildWithAssets(build_py):
    def run(self):
        super().run()
        if self.editable_mode:
            return
        for name in ASSETS:
            target = Path(self.build_lib) / "companion" / name
            if target.exists():  # a file deleted from the repo must not linger from an earlier build
                shutil.rmtree(target)
            self.copy_tree(name, str(target))


setup(cmdclass={"build_py": BuildWithAssets})
