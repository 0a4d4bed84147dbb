package his

import (
	"errors"
	"fmt"
)

// ErrIllegal is wrapped by every refusal of an action: the action breaks a
// rule or does not answer the decision owed.
var ErrIllegal = errors.New("illegal action")

func errorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, a...))
}
