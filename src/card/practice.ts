/**
 * The project's own practice card, as text: the same bytes as `cards/practice.txt` (a test keeps them equal), so
 * that browser code, scripts and the service can use it without reading a file. Hands written for this project;
 * no league's card.
 */

/** The practice card's text (what `"practice"` stands for where a card is asked for). */
export const PRACTICE_CARD =
  '# The Charleston project\'s practice card: hands written for this project, to practise passing toward a hand.\n' +
  '# It is not any league\'s card. Notation: docs/card.md. Suits a, b, c are three different suits; X is one number.\n' +
  '\n' +
  '# 2026\n' +
  '2026a 222b 666b FFFF\n' +
  'FF 2026a 2026b 2026c\n' +
  '222a 0000 2222b 666c\n' +
  '2026a NNN SSS 2026b\n' +
  '\n' +
  '# 2468\n' +
  '22a 444a 666a 8888a FF\n' +
  '2222a 44b 66b 8888c FF\n' +
  'FFFF 246a 888b 8888c\n' +
  '22a 44a 666b 888b DDDDc\n' +
  '2468a 2468b FFF 444c\n' +
  '\n' +
  '# Any Like Numbers\n' +
  'FF XXXX0a XXXX0b XXXX0c\n' +
  'FFF XX0a XXX0b XXX0c DDDa\n' +
  'NEWS XXX0a XXX0b XXXX0c\n' +
  'XX0a XX0b XX0c NNNN SSSS\n' +
  '\n' +
  '# Addition\n' +
  'FF 3333a 4444a 7777a\n' +
  'FF 4444a 5555b 9999c\n' +
  'NN 1111a 7777b 8888c\n' +
  'FF 222a 444b 666c DDDa\n' +
  '\n' +
  '# Quints\n' +
  'FFFF 22222a 33333a\n' +
  'XXXXX0a XXXXX1b NNNN\n' +
  'NNNNN SSSSS 7777a\n' +
  'ZZZZZ XXXXX0a FFFF\n' +
  '\n' +
  '# Consecutive Run\n' +
  'XXX0a XXX1a XXX2a XXX3a FF\n' +
  'XX0a XXX1a XXXX2a XXX3b XX4b\n' +
  'FFF XXXX0a XXX1b XXXX2c\n' +
  'NEWS XXX0a XXX1a XXXX2b\n' +
  '\n' +
  '# 13579\n' +
  '11a 333a 5555a 777a 99a\n' +
  'FF 1111a 5555b 9999c\n' +
  '111a 33a 555b 77b 9999c\n' +
  'FFFF 135a 7777b 999c\n' +
  '13579a EEE WWW 333b\n' +
  '\n' +
  '# Winds and Dragons\n' +
  'NNNN EEE WWW SSSS\n' +
  'FF NNN SSS DDDDa DDb\n' +
  'NEWS DDDa DDDb DDDDc\n' +
  'EEEE WWWW DDDa DDDb\n' +
  'FFF ZZZZ DDDDa DDDb\n' +
  '\n' +
  '# 369\n' +
  '333a 666a 9999a FFFF\n' +
  '3333a 66b 66c 9999a FF\n' +
  '369a 369b 369c DDDa FF\n' +
  'FF 333a 666b 999c DDDc\n' +
  '\n' +
  '# Singles and Pairs\n' +
  'NN EE WW SS 11a 22a 33a # concealed\n' +
  'FF 2468a 2468b DDc DDa # concealed\n' +
  '11a 33a 55a 77a 99a FF 00 # concealed\n' +
  'XX0a XX1a XX2a XX0b XX1b XX2b FF # concealed\n';
