package main

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// steps collects named results; a step that fails records client-go's error in its place and
// the run goes on, so one broken verb does not hide the rest.
type steps map[string]any

func (s steps) run(name string, step func() (any, error)) {
	v, err := step()
	if err != nil {
		s[name] = map[string]any{"error": describe(err)}
		return
	}
	s[name] = v
}

// statusCause is one metav1.StatusCause as client-go decoded it.
type statusCause struct {
	Type    string `json:"type"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// apiError is what client-go made of an error answer: the Status it decoded and the predicates
// callers branch on.
type apiError struct {
	Text       string        `json:"text"`
	Code       int32         `json:"code,omitempty"`
	Reason     string        `json:"reason,omitempty"`
	Message    string        `json:"message,omitempty"`
	Causes     []statusCause `json:"causes,omitempty"`
	IsNotFound bool          `json:"isNotFound"`
	IsConflict bool          `json:"isConflict"`
	IsInvalid  bool          `json:"isInvalid"`
}

func describe(err error) apiError {
	out := apiError{
		Text:       err.Error(),
		IsNotFound: apierrors.IsNotFound(err),
		IsConflict: apierrors.IsConflict(err),
		IsInvalid:  apierrors.IsInvalid(err),
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		s := status.Status()
		out.Code, out.Reason, out.Message = s.Code, string(s.Reason), s.Message
		if s.Details != nil {
			for _, c := range s.Details.Causes {
				out.Causes = append(out.Causes, statusCause{Type: string(c.Type), Field: c.Field, Message: c.Message})
			}
		}
	}
	return out
}

// expectError turns "the call should have failed" into a result: the error's description, or
// a failed step when the call succeeded.
func expectError(err error) (any, error) {
	if err == nil {
		return nil, errors.New("the call succeeded; an error was expected")
	}
	return describe(err), nil
}
