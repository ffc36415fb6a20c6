package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
)

// An invited seat is taken with the secret in its invite link. The
// secret is derived from the game's dice seed, which is secret while
// anyone can still take a seat (it is revealed when the game is over),
// so no secret needs a column of its own and the creator's page can
// show the links again. The derivation is domain-separated from the
// throws: an invite reveals nothing of the dice.

// inviteSecret is the secret of seat's invite: 128 bits of
// HMAC-SHA256(seed, "passage invite" || seat), URL-safe base64.
func inviteSecret(seed []byte, seat int) string {
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("passage invite"))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(seat))
	m.Write(b[:])
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// validInvite reports whether secret is seat's invite secret.
func validInvite(seed []byte, seat int, secret string) bool {
	if secret == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(inviteSecret(seed, seat)), []byte(secret)) == 1
}

// hashToken is what the store keeps of a seat token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
