"""Each game's procedure: a checked Scenario in, a language-neutral Ruling out."""
