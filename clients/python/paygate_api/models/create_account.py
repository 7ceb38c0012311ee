from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_type import AccountType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_account_metadata_type_0 import CreateAccountMetadataType0





T = TypeVar("T", bound="CreateAccount")



@_attrs_define
class CreateAccount:
    """ 
        Attributes:
            business_name (str): 2 to 120 characters: the customer organisation's name.
            country (str): ISO 3166-1 alpha-2 (`CD`).
            email (str): The customer's e-mail: it claims the account and logs in with it
                (400 `contact_required` without it).
            type_ (AccountType): What the customer is (origin section 26).
            application_fee_bps (int | None | Unset): The default application fee of the account's intents: 0 to 5000
                (default 0).
            default_currency (None | str | Unset): ISO 4217; default: the platform's default currency, else USD.
            metadata (CreateAccountMetadataType0 | None | Unset): Up to 50 keys of at most 40 characters; values of any JSON
                type.
            phone (None | str | Unset): E.164.
     """

    business_name: str
    country: str
    email: str
    type_: AccountType
    application_fee_bps: int | None | Unset = UNSET
    default_currency: None | str | Unset = UNSET
    metadata: CreateAccountMetadataType0 | None | Unset = UNSET
    phone: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_account_metadata_type_0 import CreateAccountMetadataType0 # noqa: PLC0415
        business_name = self.business_name

        country = self.country

        email = self.email

        type_ = self.type_.value

        application_fee_bps: int | None | Unset
        if isinstance(self.application_fee_bps, Unset):
            application_fee_bps = UNSET
        else:
            application_fee_bps = self.application_fee_bps

        default_currency: None | str | Unset
        if isinstance(self.default_currency, Unset):
            default_currency = UNSET
        else:
            default_currency = self.default_currency

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateAccountMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "business_name": business_name,
            "country": country,
            "email": email,
            "type": type_,
        })
        if application_fee_bps is not UNSET:
            field_dict["application_fee_bps"] = application_fee_bps
        if default_currency is not UNSET:
            field_dict["default_currency"] = default_currency
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_account_metadata_type_0 import CreateAccountMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        business_name = d.pop("business_name")

        country = d.pop("country")

        email = d.pop("email")

        type_ = AccountType(d.pop("type"))




        def _parse_application_fee_bps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        application_fee_bps = _parse_application_fee_bps(d.pop("application_fee_bps", UNSET))


        def _parse_default_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_currency = _parse_default_currency(d.pop("default_currency", UNSET))


        def _parse_metadata(data: object) -> CreateAccountMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateAccountMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateAccountMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        create_account = cls(
            business_name=business_name,
            country=country,
            email=email,
            type_=type_,
            application_fee_bps=application_fee_bps,
            default_currency=default_currency,
            metadata=metadata,
            phone=phone,
        )

        return create_account

