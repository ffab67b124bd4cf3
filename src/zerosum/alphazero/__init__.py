"""The learned agent's runtime: how a network sees a game (:mod:`.encoding`), the policy and
value network and its model folder (:mod:`.network`), AlphaZero's tree search (:mod:`.mcts`)
and the ``alphazero`` agent (:mod:`.agent`). It needs PyTorch (the ``learn`` extra) and
nothing of zerosum above the game contract and the records, so the agent registry can
make an ``alphazero`` agent; the training that writes models is :mod:`zerosum.learn`."""
