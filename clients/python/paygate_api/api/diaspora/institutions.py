from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.institution_list import InstitutionList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    country: str | Unset = UNSET,
    purpose: str | Unset = UNSET,
    q: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["country"] = country

    params["purpose"] = purpose

    params["q"] = q


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/institutions",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | InstitutionList | None:
    if response.status_code == 200:
        response_200 = InstitutionList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | InstitutionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    country: str | Unset = UNSET,
    purpose: str | Unset = UNSET,
    q: str | Unset = UNSET,

) -> Response[ErrorBody | InstitutionList]:
    """ The verified receiving institutions (public; query country, purpose, q).

    Args:
        country (str | Unset):
        purpose (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | InstitutionList]
     """


    kwargs = _get_kwargs(
        country=country,
purpose=purpose,
q=q,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    country: str | Unset = UNSET,
    purpose: str | Unset = UNSET,
    q: str | Unset = UNSET,

) -> ErrorBody | InstitutionList | None:
    """ The verified receiving institutions (public; query country, purpose, q).

    Args:
        country (str | Unset):
        purpose (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | InstitutionList
     """


    return sync_detailed(
        client=client,
country=country,
purpose=purpose,
q=q,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    country: str | Unset = UNSET,
    purpose: str | Unset = UNSET,
    q: str | Unset = UNSET,

) -> Response[ErrorBody | InstitutionList]:
    """ The verified receiving institutions (public; query country, purpose, q).

    Args:
        country (str | Unset):
        purpose (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | InstitutionList]
     """


    kwargs = _get_kwargs(
        country=country,
purpose=purpose,
q=q,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    country: str | Unset = UNSET,
    purpose: str | Unset = UNSET,
    q: str | Unset = UNSET,

) -> ErrorBody | InstitutionList | None:
    """ The verified receiving institutions (public; query country, purpose, q).

    Args:
        country (str | Unset):
        purpose (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | InstitutionList
     """


    return (await asyncio_detailed(
        client=client,
country=country,
purpose=purpose,
q=q,

    )).parsed
