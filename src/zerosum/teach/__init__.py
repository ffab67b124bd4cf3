"""The teacher's kit: assignments handed out to students, and the grading of their code."""
