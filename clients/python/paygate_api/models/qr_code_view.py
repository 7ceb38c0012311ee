from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.qr_code_view_currency import QrCodeViewCurrency
from ..models.qr_status import QrStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.qr_code_view_metadata import QrCodeViewMetadata
  from ..models.revocation_view import RevocationView





T = TypeVar("T", bound="QrCodeView")



@_attrs_define
class QrCodeView:
    """ 
        Attributes:
            created_at (str):
            currency (QrCodeViewCurrency):
            id (str):
            key_id (str): The platform key (`GET /keys`) that signed the payload.
            livemode (bool):
            metadata (QrCodeViewMetadata):
            object_ (str): Always `qr_code`.
            payload (str): The EMVCo merchant-presented payload, signed (templates 80 and 81).
            scans (int): Resolves of this code counted so far.
            status (QrStatus):
            updated_at (str):
            amount_minor (int | None | Unset): A fixed amount (tag 54), or `null` when the payer enters it.
            description (None | str | Unset):
            location (None | str | Unset):
            reference (None | str | Unset): Printed as the reference label (EMVCo 62/05).
            revocation (None | RevocationView | Unset):
            svg (None | str | Unset): The code as an SVG image: in the create and retrieve answers only.
            terminal (None | str | Unset):
     """

    created_at: str
    currency: QrCodeViewCurrency
    id: str
    key_id: str
    livemode: bool
    metadata: QrCodeViewMetadata
    object_: str
    payload: str
    scans: int
    status: QrStatus
    updated_at: str
    amount_minor: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    location: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    revocation: None | RevocationView | Unset = UNSET
    svg: None | str | Unset = UNSET
    terminal: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.qr_code_view_metadata import QrCodeViewMetadata # noqa: PLC0415
        from ..models.revocation_view import RevocationView # noqa: PLC0415
        created_at = self.created_at

        currency = self.currency.value

        id = self.id

        key_id = self.key_id

        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        payload = self.payload

        scans = self.scans

        status = self.status.value

        updated_at = self.updated_at

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        revocation: dict[str, Any] | None | Unset
        if isinstance(self.revocation, Unset):
            revocation = UNSET
        elif isinstance(self.revocation, RevocationView):
            revocation = self.revocation.to_dict()
        else:
            revocation = self.revocation

        svg: None | str | Unset
        if isinstance(self.svg, Unset):
            svg = UNSET
        else:
            svg = self.svg

        terminal: None | str | Unset
        if isinstance(self.terminal, Unset):
            terminal = UNSET
        else:
            terminal = self.terminal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "currency": currency,
            "id": id,
            "key_id": key_id,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "payload": payload,
            "scans": scans,
            "status": status,
            "updated_at": updated_at,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if description is not UNSET:
            field_dict["description"] = description
        if location is not UNSET:
            field_dict["location"] = location
        if reference is not UNSET:
            field_dict["reference"] = reference
        if revocation is not UNSET:
            field_dict["revocation"] = revocation
        if svg is not UNSET:
            field_dict["svg"] = svg
        if terminal is not UNSET:
            field_dict["terminal"] = terminal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.qr_code_view_metadata import QrCodeViewMetadata # noqa: PLC0415
        from ..models.revocation_view import RevocationView # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        currency = QrCodeViewCurrency(d.pop("currency"))




        id = d.pop("id")

        key_id = d.pop("key_id")

        livemode = d.pop("livemode")

        metadata = QrCodeViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        payload = d.pop("payload")

        scans = d.pop("scans")

        status = QrStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_revocation(data: object) -> None | RevocationView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                revocation_type_0 = RevocationView.from_dict(data)



                return revocation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevocationView | Unset, data)

        revocation = _parse_revocation(d.pop("revocation", UNSET))


        def _parse_svg(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        svg = _parse_svg(d.pop("svg", UNSET))


        def _parse_terminal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal = _parse_terminal(d.pop("terminal", UNSET))


        qr_code_view = cls(
            created_at=created_at,
            currency=currency,
            id=id,
            key_id=key_id,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            payload=payload,
            scans=scans,
            status=status,
            updated_at=updated_at,
            amount_minor=amount_minor,
            description=description,
            location=location,
            reference=reference,
            revocation=revocation,
            svg=svg,
            terminal=terminal,
        )


        qr_code_view.additional_properties = d
        return qr_code_view

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
