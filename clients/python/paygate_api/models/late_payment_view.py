from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.late_payment_status import LatePaymentStatus
from ..models.late_payment_view_currency import LatePaymentViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.review_resolution import ReviewResolution





T = TypeVar("T", bound="LatePaymentView")



@_attrs_define
class LatePaymentView:
    """ A late payment as the API shows it.

        Attributes:
            amount_minor (int):
            attempt (str): The attempt whose money arrived late.
            created_at (str):
            currency (LatePaymentViewCurrency):
            id (str): `lp_...`: name it to refund or release it.
            rail (str):
            status (LatePaymentStatus):
            updated_at (str):
            refund_failure (None | str | Unset): Why the last refund failed (the late payment is HELD again).
            resolution (None | ReviewResolution | Unset):
     """

    amount_minor: int
    attempt: str
    created_at: str
    currency: LatePaymentViewCurrency
    id: str
    rail: str
    status: LatePaymentStatus
    updated_at: str
    refund_failure: None | str | Unset = UNSET
    resolution: None | ReviewResolution | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        amount_minor = self.amount_minor

        attempt = self.attempt

        created_at = self.created_at

        currency = self.currency.value

        id = self.id

        rail = self.rail

        status = self.status.value

        updated_at = self.updated_at

        refund_failure: None | str | Unset
        if isinstance(self.refund_failure, Unset):
            refund_failure = UNSET
        else:
            refund_failure = self.refund_failure

        resolution: dict[str, Any] | None | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, ReviewResolution):
            resolution = self.resolution.to_dict()
        else:
            resolution = self.resolution


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "attempt": attempt,
            "created_at": created_at,
            "currency": currency,
            "id": id,
            "rail": rail,
            "status": status,
            "updated_at": updated_at,
        })
        if refund_failure is not UNSET:
            field_dict["refund_failure"] = refund_failure
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        attempt = d.pop("attempt")

        created_at = d.pop("created_at")

        currency = LatePaymentViewCurrency(d.pop("currency"))




        id = d.pop("id")

        rail = d.pop("rail")

        status = LatePaymentStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        def _parse_refund_failure(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refund_failure = _parse_refund_failure(d.pop("refund_failure", UNSET))


        def _parse_resolution(data: object) -> None | ReviewResolution | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resolution_type_0 = ReviewResolution.from_dict(data)



                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReviewResolution | Unset, data)

        resolution = _parse_resolution(d.pop("resolution", UNSET))


        late_payment_view = cls(
            amount_minor=amount_minor,
            attempt=attempt,
            created_at=created_at,
            currency=currency,
            id=id,
            rail=rail,
            status=status,
            updated_at=updated_at,
            refund_failure=refund_failure,
            resolution=resolution,
        )


        late_payment_view.additional_properties = d
        return late_payment_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
