"""The screens around the games: home (:mod:`.home`), settings (:mod:`.settings`), statistics
(:mod:`.stats`), built on :class:`.common.ScreenScene`."""
