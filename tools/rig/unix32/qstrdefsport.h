// qstrs of this port that are not in its sources: none (the build finds those itself)
