"""What a compiled book is made of: the intermediate representation, dice and typed cells."""
