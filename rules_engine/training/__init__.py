"""Training: questions built from the engine's own rulings, and exams fixed by a short code."""
