// The fixed texts of static/index.html and static/play.html (elements with data-i18n,
// attributes named by data-i18n-attr), for xgettext, which does not read HTML. Never
// loaded by a page. tests/web/german.py checks that the list matches the pages.
N_('Bones: play online');
N_('Domino and tile-laying games in the browser: against the agents or with people anywhere.');
N_('New table');
N_('Game');
N_('Options');
N_('Seats');
N_('hints allowed (a button asks the strongest agent for a move)');
N_('Create table');
N_('Table created');
N_('Send each player their own link: it holds the seat\'s secret. Anyone may watch through the spectator link.');
N_('Your seats');
N_('Tables you played in this browser (kept in this browser only).');
N_('Tables');
N_('Your name when you join');
N_('name');
N_('Moves');
N_('State');
N_('Bones: table');
N_('the position');
N_('Replay:');
N_('the start');
N_('the move before');
N_('the next move');
N_('the end');
N_('Legal moves');
N_('Play');
N_('Hint');
N_('Undo');
N_('Resign');
N_('Download the record');
N_('Accept');
N_('Scores');
N_('show chance outcomes');
