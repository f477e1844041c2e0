package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"
)

func cmdPasswd(ctx context.Context, e *env, args []string) error {
	fs := newFlags("passwd", "", `Read a player's password from standard input (the first line) and print its bcrypt
hash as a config line to paste into the player's [[players]] table. The player then writes
PASSWORD <password> (CLAVE <contraseña>) in the header line of his orders. Example:
  printf '%s\n' 'sigmar-1' | turnproc passwd`)
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	password := strings.TrimRight(line, "\r\n")
	switch {
	case err != nil && password == "":
		return usageError("no password on standard input", `give it on the first line: printf '%s\n' 'the password' | turnproc passwd`)
	case strings.ContainsAny(password, " \t"):
		return usageError("the password contains a space", "orders carry it as one word after PASSWORD: choose one without spaces")
	case len(password) < 6:
		return usageError("the password is shorter than 6 characters", "choose a longer one: it is all that stands between a player's orders and anyone who knows his address")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if errors.Is(err, bcrypt.ErrPasswordTooLong) {
		return usageError("the password is longer than 72 bytes", "choose a shorter one")
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "password_hash = %q\n", hash)
	return nil
}
