"""The turn trackers: a judge's taps in, the procedure's state out (Magic and Grand Archive: turns;
Yu-Gi-Oh!: the Duel; Disney Lorcana: turns, then lore where it decides)."""
