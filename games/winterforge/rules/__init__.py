"""The rules of Smiths of Winterforge: state, commands, events and the rules that decide them."""
