"""Input serializers that take JSON values of the documented types only.

DRF's fields coerce what they are given: a CharField takes 5 as "5", an IntegerField
takes "5" and 5.0, a BooleanField takes "yes". A client that follows the schema never
needs that, and a value of the wrong type is more likely a mistake than a wish, so
`JsonInput` refuses it with 400 before the fields read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

AnyField: TypeAlias = "serializers.Field[Any, Any, Any, Any]"

# (field class, what the schema calls its type, the JSON values it takes). Order matters
# only for subclasses: none of these is a subclass of an earlier one.
JSON_TYPES: tuple[tuple[type[AnyField], str, tuple[type, ...]], ...] = (
    (serializers.BooleanField, "a boolean", (bool,)),
    (serializers.IntegerField, "an integer", (int,)),
    (serializers.FloatField, "a number", (int, float)),
    (serializers.CharField, "a string", (str,)),
    (serializers.ChoiceField, "a string", (str,)),
    (serializers.ListField, "an array", (list,)),
    (serializers.ListSerializer, "an array", (list,)),
    (serializers.DictField, "an object", (dict,)),
    (serializers.Serializer, "an object", (dict,)),
)


def _is_a(value: Any, types: tuple[type, ...]) -> bool:
    # JSON's true and false are Python ints too; only a boolean field takes them.
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def type_errors(field: AnyField, value: Any) -> Any:
    """None if `value` has the JSON type `field` documents (items and values included),
    else the errors in DRF's nested shape."""
    if value is None:
        return None  # null is the field's own business (allow_null)
    for kind, name, types in JSON_TYPES:
        if isinstance(field, kind):
            if not _is_a(value, types):
                return [f"must be {name}"]
            return _inner_errors(field, value)
    return None


def _inner_errors(field: AnyField, value: Any) -> Any:
    if isinstance(field, serializers.ListField):
        items = {i: type_errors(field.child, item) for i, item in enumerate(value)}
    elif isinstance(field, serializers.DictField):
        items = {key: type_errors(field.child, item) for key, item in value.items()}
    else:
        return None  # nested serializers check their own fields
    return {key: error for key, error in items.items() if error} or None


# No docstring: drf-spectacular would show it as the description of every subclass.
class JsonInput(serializers.Serializer[Any]):
    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            errors = {
                name: error
                for name, field in self.fields.items()
                if not field.read_only
                and name in data
                and (error := type_errors(field, data[name]))
            }
            if errors:
                raise ValidationError(errors)
        return super().to_internal_value(data)


def validated(
    serializer_class: type[serializers.Serializer[Any]], data: Any, *, partial: bool = False
) -> dict[str, Any]:
    """The serializer's validated data, or the 400 that names each field in error."""
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
