"""Measures of mazes: statistics of one maze (:mod:`~meiro.analysis.stats`), of a stack of
them in one compiled pass (:mod:`~meiro.analysis.batch_stats`), and the difficulty measure
both share (:mod:`~meiro.analysis.difficulty`)."""
